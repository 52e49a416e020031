import type { TalentIdentity } from '@inviteflow/contract';
import type { useTalentsT } from '../locale/index.ts';

type T = ReturnType<typeof useTalentsT>['t'];

/** How a talent ID reads: a TikTok handle with its @, any other ID as it is. */
export function talentIdText(identity: TalentIdentity): string {
  return identity.platform === 'tiktok' ? `@${identity.handle}` : identity.talentId;
}

/**
 * The rows of a talent's platform identity in its details: a TikTok creator's username and
 * open id (or that it is looked up by username), a Douyin talent's ID, 百应ID and uid.
 */
export function identityRows(identity: TalentIdentity, t: T) {
  if (identity.platform === 'tiktok') {
    return [
      { label: t('form.tiktokHandle'), value: talentIdText(identity) },
      {
        label: t('form.openId'),
        value: identity.creatorUserOpenId ?? t('identity.openIdUnknown'),
      },
    ];
  }
  return [
    { label: t('column.talentId'), value: identity.talentId },
    ...(identity.buyinId ? [{ label: t('form.buyinId'), value: identity.buyinId }] : []),
    ...(identity.uid ? [{ label: t('form.buyinUid'), value: identity.uid }] : []),
  ];
}
