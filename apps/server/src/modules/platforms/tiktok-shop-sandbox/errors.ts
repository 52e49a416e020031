/**
 * The platform's answer codes the sandbox gives, with the HTTP status it answers them
 * with and the message it writes (the platform's own messages are English, whatever the
 * caller's language). Sources, as mirrored in github:lazykern/ecommerce-api-docs
 * (data/processed/tiktok/… and data/raw/tiktok/api-reference/…):
 * - "Common errors" (partner.tiktokshop.com/docv2/page/common-errors): 36009002,
 *   36009004, 36009022, 105002, 105005, 106001, 106013, 101000;
 * - "Creator authorization guide": 105001 for a deauthorized token;
 * - the endpoint pages' error lists (create-target-collaboration-202508,
 *   create-conversation-with-creator-202508, query-target-collaboration-detail-202508):
 *   160240xx, 50001700/2/3, 98001004, 160300xx, 16032001.
 * Seen in public code, not in the documents (README.md, "Choices"): 106011 (an unknown
 * `shop_cipher`, from PLATFORMS.md's SDK fixtures), 36004005 / 36004001 on the token
 * endpoints (EcomPHP/tiktokshop-php pull request 15), 16024034 / 16024035 the shop's daily
 * limits and 98001004 for a collaboration name already in use (public automation code).
 * HTTP statuses: 401 with 106001 and 105005 and 400 with 36009004 are what public code
 * records the platform answering; 429 with 36009002 is in the "Rate limits" page; the
 * rest are the sandbox's choice (README.md).
 */
export const ttsErrors = {
  rateLimited: {
    code: 36009002,
    status: 429,
    message: "Too many requests. You've made too many requests in a short period of time.",
  },
  invalidAppKey: {
    code: 36009004,
    status: 400,
    message: "Invalid credentials. Invalid 'app_key' query parameter.",
  },
  missingSign: {
    code: 36009004,
    status: 400,
    message: 'Missing credentials. The request does not include a required signature in the query.',
  },
  timestampNegative: {
    code: 36009004,
    status: 400,
    message:
      'Invalid timestamp. The value of the `timestamp` query parameter must not be lesser than 0.',
  },
  timestampTooOld: {
    code: 36009004,
    status: 400,
    message:
      'Invalid timestamp. The value of the `timestamp` query parameter must not be earlier than 5 minutes before the current time.',
  },
  timestampAhead: {
    code: 36009004,
    status: 400,
    message:
      'Invalid timestamp. The value of the `timestamp` query parameter must not exceed the current time by more than 30 seconds.',
  },
  invalidAccessToken: {
    code: 36009004,
    status: 401,
    message: 'Invalid credentials. The `x-tts-access-token` header is invalid.',
  },
  unexpectedShopCipher: {
    code: 36009004,
    status: 400,
    message:
      'Unexpected identifier. The `shop_cipher` query parameter is not required for this request.',
  },
  invalidParam: { code: 36009004, status: 400, message: 'Invalid parameter.' },
  invalidFormat: {
    code: 36009022,
    status: 400,
    message:
      'Invalid request format. The request body format must be `application/json` for structured data or `multipart/form-data` for binary files.',
  },
  badSignature: {
    code: 106001,
    status: 401,
    message: 'Invalid credentials. The `sign` query parameter is invalid.',
  },
  deauthorized: {
    code: 105001,
    status: 401,
    message: 'access token is invalid; detail:your token has been deauthorized',
  },
  expiredToken: {
    code: 105002,
    status: 401,
    message: 'Expired credentials. The `access_token` or `x-tts-access-token` header has expired.',
  },
  missingScope: {
    code: 105005,
    status: 401,
    message:
      'Access denied. The app is not authorized to access the endpoint because the access scopes granted for the app or the access token do not contain the required access scope for the endpoint.',
  },
  missingShopCipher: {
    code: 106013,
    status: 400,
    message:
      'Missing identifier. The `shop_cipher` query parameter is required to identify the target shop.',
  },
  invalidShopCipher: {
    code: 106011,
    status: 400,
    message: 'Invalid identifier. The `shop_cipher` query parameter is invalid.',
  },
  shopNotAuthorized: {
    code: 101000,
    status: 401,
    message:
      'Invalid query or header. The `x-tts-access-token` header is invalid: the associated shop does not match the provided `shop_cipher` query parameter.',
  },
  // The token endpoints (auth host).
  authRecordNotFound: { code: 36004005, status: 200, message: 'can not find related auth record' },
  refreshTokenExpired: { code: 36004001, status: 200, message: 'rt has expired' },
  // Affiliate (business) answers: HTTP 200, the code says what happened.
  crossTestAccount: {
    code: 16024004,
    status: 200,
    message: 'test account and non test account can not cross invite',
  },
  productNotOwned: {
    code: 16024008,
    status: 200,
    message: 'There are products that do not belong to this merchant.',
  },
  creatorLinkedToShop: {
    code: 16024016,
    status: 200,
    message: 'The invitation failed because the creator is already linked with a shop account.',
  },
  insufficientQuota: {
    code: 16024019,
    status: 200,
    message: 'in sufficient quota to create invitation',
  },
  excludedCreator: {
    code: 16024020,
    status: 200,
    message: 'remove excluded creators to create invitation',
  },
  followerLimit: {
    code: 16024021,
    status: 200,
    message: 'invitation contains creator exceed follower limit',
  },
  conflict: {
    code: 16024022,
    status: 200,
    message: 'This invitation has exist creator and product, please check conflict pair.',
  },
  dailyCollaborationLimit: {
    code: 16024034,
    status: 200,
    message: 'The shop has reached the upper limit of target invitations it can create today.',
  },
  dailyCreatorLimit: {
    code: 16024035,
    status: 200,
    message: 'The shop has reached the upper limit of creators it can invite today.',
  },
  collaborationNotAccessible: {
    code: 50001700,
    status: 200,
    message: 'seller cannot access this target collaboration',
  },
  unavailable: {
    code: 50001702,
    status: 200,
    message:
      'Your invitation target contains an unavailable creator or product. Please check  your request params.Remove the unavailable creator or product id and try again.',
  },
  sensitiveWords: {
    code: 50001703,
    status: 200,
    message: 'The request parameters contain sensitive words.',
  },
  duplicateName: { code: 98001004, status: 200, message: 'invalid params' },
  creatorCleared: { code: 16030001, status: 200, message: 'creator has been cleard' },
  imQuota: {
    code: 16030002,
    status: 200,
    message:
      'shop has reached IM quota. More information please check [https://seller.tiktokglobalshop.com/university/essay?identity=1&role=1&knowledge_id=2766765165102865&from=feature_guide]',
  },
  regionMismatch: {
    code: 16032001,
    status: 200,
    message: 'nvalid parameter Creator and Seller, please ensure Region mismatch.',
  },
} as const;

export type TtsError = { code: number; status: number; message: string };

/** A refusal with its details (a field named, conflicts listed). */
export class TtsRefusal extends Error {
  constructor(
    readonly error: TtsError,
    readonly detail?: string,
    readonly data?: unknown,
  ) {
    super(detail ? `${error.message} ${detail}` : error.message);
  }
}

/** An invalid parameter, naming it as the platform does ("X is a required field …"). */
export function invalidParam(detail: string): TtsRefusal {
  return new TtsRefusal(ttsErrors.invalidParam, detail);
}
