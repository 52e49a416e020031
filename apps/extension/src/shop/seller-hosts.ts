/**
 * The platform hosts the browser channel's own tab works on (issue 17; the page packs name
 * the exact hosts: affiliate*.tiktok.com, seller-*.tiktok.com, *.tiktokshopglobalselling.com,
 * affiliate-id.tokopedia.com, buyin.jinritemai.com, fxg.jinritemai.com/ffa/buyin). Match
 * patterns take no partial label (`seller-*`), so the registrable domains are listed; the
 * route check against the pack decides where anything runs. The popup also looks at the URL
 * (never the page) of the seller's open tab on these hosts to fill in the shop to bind.
 */
export const channelHostPermissions = [
  'https://*.tiktok.com/*',
  'https://*.tiktokshopglobalselling.com/*',
  'https://affiliate-id.tokopedia.com/*',
  'https://*.jinritemai.com/*',
] as const;
