import { baseEn } from './catalogue/base.en-US.ts';
import { conversationsEn } from './catalogue/conversations.en-US.ts';
import { creatorsEn } from './catalogue/creators.en-US.ts';
import { followUpsEn } from './catalogue/follow-ups.en-US.ts';
import { extensionEn } from './catalogue/extension.en-US.ts';
import { extensionUiEn } from './catalogue/extension-ui.en-US.ts';
import { membershipEn } from './catalogue/membership.en-US.ts';
import { platformsEn } from './catalogue/platforms.en-US.ts';
import { platformTasksEn } from './catalogue/platform-tasks.en-US.ts';
import { sendingEn } from './catalogue/sending.en-US.ts';
import { samplesEn } from './catalogue/samples.en-US.ts';
import { provideCatalogue, type Catalogue } from './texts.ts';

/**
 * The en-US texts of the catalogue (`import '@inviteflow/contract/en-US'`): importing this
 * module makes `translate(…'en-US'…)` work. Kept out of the package's main entry so that a
 * Chinese console does not download it.
 */
export const catalogueModulesEn = [
  baseEn,
  membershipEn,
  sendingEn,
  extensionEn,
  extensionUiEn,
  platformsEn,
  platformTasksEn,
  creatorsEn,
  followUpsEn,
  conversationsEn,
  samplesEn,
] as const;

export const enUS: Catalogue = {
  ...baseEn,
  ...membershipEn,
  ...sendingEn,
  ...extensionEn,
  ...extensionUiEn,
  ...platformsEn,
  ...platformTasksEn,
  ...creatorsEn,
  ...followUpsEn,
  ...conversationsEn,
  ...samplesEn,
};

provideCatalogue('en-US', enUS);
