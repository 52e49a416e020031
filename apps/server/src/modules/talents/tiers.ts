import {
  locales,
  talentTiers,
  translate,
  type MessageKey,
  type TalentTier,
} from '@inviteflow/contract';

const normalize = (text: string) => text.trim().toLowerCase();

/** Each tier by its key and by its name in either language, any case ("优质", "Quality"). */
const tierByText = new Map<string, TalentTier>();
for (const tier of talentTiers) {
  tierByText.set(normalize(tier), tier);
  for (const locale of locales)
    tierByText.set(normalize(translate(locale, `enum.talentTier.${tier}` as MessageKey)), tier);
}

/**
 * The tier a text names, if any. Tiers are stored by key; a seller reads and types their
 * localized names (the talent list shows 优质, a sheet says Quality), so both must find it.
 */
export function tierFromText(text: string): TalentTier | undefined {
  return tierByText.get(normalize(text));
}
