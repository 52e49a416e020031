import {
  locales,
  talentTiers,
  translate,
  type CatalogueKey,
  type TalentTier,
} from '@inviteflow/contract';

const normalize = (text: string) => text.trim().toLowerCase();

/** Each tier by its key and by its name in either language, any case ("优质", "Quality"). */
let tierByText: Map<string, TalentTier> | undefined;

function tiersByText(): Map<string, TalentTier> {
  // Built on first use: the English texts are provided at start, after this module loads.
  if (tierByText) return tierByText;
  const map = new Map<string, TalentTier>();
  for (const tier of talentTiers) {
    map.set(normalize(tier), tier);
    for (const locale of locales)
      map.set(normalize(translate(locale, `enum.talentTier.${tier}` as CatalogueKey)), tier);
  }
  tierByText = map;
  return map;
}

/**
 * The tier a text names, if any. Tiers are stored by key; a seller reads and types their
 * localized names (the talent list shows 优质, a sheet says Quality), so both must find it.
 */
export function tierFromText(text: string): TalentTier | undefined {
  return tiersByText().get(normalize(text));
}
