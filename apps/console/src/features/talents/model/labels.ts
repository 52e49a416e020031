import {
  talentTiers,
  translate,
  type ContactMethod,
  type Industry,
  type Locale,
  type Platform,
  type TalentStatus,
  type TalentTier,
} from '@inviteflow/contract';

/** The catalogue's names of the talent enums (spec: statuses, tiers, contact methods). */
export const enumText = {
  platform: (locale: Locale, value: Platform) => translate(locale, `enum.platform.${value}`),
  status: (locale: Locale, value: TalentStatus) => translate(locale, `enum.talentStatus.${value}`),
  tier: (locale: Locale, value: TalentTier) => translate(locale, `enum.talentTier.${value}`),
  contactMethod: (locale: Locale, value: ContactMethod) =>
    translate(locale, `enum.contactMethod.${value}`),
  industry: (locale: Locale, value: Industry) => translate(locale, `enum.industry.${value}`),
};

export function isTier(label: string): label is TalentTier {
  return (talentTiers as readonly string[]).includes(label);
}

/** A label as shown: tiers by their localized name, the seller's own labels as typed. */
export function labelText(locale: Locale, label: string): string {
  return isTier(label) ? enumText.tier(locale, label) : label;
}

/** The label choices: the tiers first, then the seller's own labels (from the facets). */
export function labelOptions(locale: Locale, ownLabels: readonly string[]) {
  return {
    tiers: talentTiers.map((tier) => ({
      value: tier as string,
      label: enumText.tier(locale, tier),
    })),
    own: ownLabels.filter((label) => !isTier(label)).map((label) => ({ value: label, label })),
  };
}
