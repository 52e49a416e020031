/**
 * Send records and invitation tasks (spec: 'Send records', the Send record entity,
 * section 9's task, content and filter types): the values and helpers, apart from the
 * schemas in send-records.ts, so that code using only these does not load zod.
 */
export const taskTypes = [
  'free_product',
  'targeted_product',
  'free_connection',
  'targeted_connection',
  'group_leader_activity',
] as const;
export type TaskType = (typeof taskTypes)[number];

export const contentTypes = ['image_text', 'horizontal_video', 'vertical_video'] as const;
export type ContentType = (typeof contentTypes)[number];

/** manual: talents picked from the library ('artificial' in the spec); rules: talent filters. */
export const filterTypes = ['manual', 'rules'] as const;
export type FilterType = (typeof filterTypes)[number];

/** pending → running (claimed under a lease) → success | failed; a lapsed lease returns to pending. */
export const sendRecordStatuses = ['pending', 'running', 'success', 'failed'] as const;
export type SendRecordStatus = (typeof sendRecordStatuses)[number];

/** The standard error codes of a failed record (DESIGN.md, domain rules). */
export const sendErrorCodes = [
  'quota_exceeded',
  'page_changed',
  'talent_ineligible',
  'already_invited',
  'blacklisted',
  'network',
  'login_expired',
  // Added with the platforms' APIs (issue 16); texts in catalogue/platforms.ts. Records fail
  // only with codes about the talent or the request; the others stop a shop's run and are
  // shown on the shop and the task while its records wait.
  /** The platform excludes the creator from invitations (TikTok 16024020). */
  'talent_excluded',
  /** The creator is already in an active collaboration for a product of the call (16024022). */
  'collaboration_conflict',
  /** A product of the call is not the shop's (16024008). */
  'product_not_owned',
  /** The message or the name holds words the platform refuses (50001703). */
  'sensitive_words',
  /** The platform refused the request's parameters. */
  'invalid_request',
  /** The platform throttled the shop's calls (36009002, HTTP 429): they wait and resume. */
  'rate_limited',
  /** The shop's authorization was revoked or has expired: the seller must authorize again. */
  'authorization_revoked',
  /** The authorization lacks a permission the action needs: the seller must authorize again. */
  'authorization_scope_missing',
  /** The platform refused our app's signature or settings (106001): an operator must act. */
  'platform_configuration',
  /** The shop does not meet a platform requirement for the action (IM GMV threshold, status). */
  'shop_ineligible',
  /** No creator of the platform has the talent's handle (looked up before sending). */
  'talent_not_found',
  /** The platform asked for a captcha in the browser: the shop's browser actions wait (issue 17). */
  'captcha_required',
] as const;
export type SendErrorCode = (typeof sendErrorCodes)[number];

/** A talent invited for the same shop and task type within this many days is flagged. */
export const INVITE_COOLDOWN_DAYS = 7;
/**
 * The daily invitation cap counts records created per day of the account's zone (issue 20
 * #9); this one until a client learns which (the extension's summary names it).
 */
export const INVITATION_DAY_TIME_ZONE = 'Asia/Shanghai';
export const SET_NAME_MAX = 100;
export const SEND_ERROR_MESSAGE_MAX = 500;

// ---------------------------------------------------------------------------
// Script variables: one render function for the console's live preview and the
// server's per-record message.
// ---------------------------------------------------------------------------

/** The variables a script may hold, written `{talentName}` (or by their Chinese name, `{达人名称}`). */
export const scriptVariables = [
  { key: 'talentName', zh: '达人名称', en: 'Talent name' },
  { key: 'shopName', zh: '店铺名称', en: 'Shop name' },
  { key: 'productNames', zh: '商品名称', en: 'Product names' },
] as const;
export type ScriptVariable = (typeof scriptVariables)[number]['key'];

export interface ScriptValues {
  talentName: string;
  shopName: string;
  productNames: readonly string[];
}

/** The text a script holds for a variable: by its Chinese name in a Chinese console. */
export function scriptToken(key: ScriptVariable, locale: 'zh-CN' | 'en-US' = 'en-US'): string {
  const variable = scriptVariables.find((v) => v.key === key)!;
  return `{${locale === 'zh-CN' ? variable.zh : variable.key}}`;
}

const variableByName = new Map<string, ScriptVariable>(
  scriptVariables.flatMap((v) => [
    [v.key.toLowerCase(), v.key],
    [v.zh, v.key],
  ]),
);

/**
 * A script with its variables filled for one talent. Unknown `{words}` stay as they
 * are. Product names are joined as the script's language writes a list: 、 in a
 * Chinese script, a comma otherwise.
 */
export function renderScript(script: string, values: ScriptValues): string {
  const chinese = /[\u3400-\u9fff]/.test(script);
  const filled: Record<ScriptVariable, string> = {
    talentName: values.talentName,
    shopName: values.shopName,
    productNames: values.productNames.join(chinese ? '、' : ', '),
  };
  return script.replace(/\{\s*([^{}\s]{1,20})\s*\}/g, (whole, name: string) => {
    const key = variableByName.get(name.toLowerCase());
    return key ? filled[key] : whole;
  });
}

/**
 * The one message of an invitation sent to a batch of talents at once (TikTok's target
 * invitation, 百应's batch 邀约带货: every talent of the batch sees the same words). It is
 * the script rendered once with the shop and product variables, and without the talent's:
 * a talent variable is removed with the spaces before it ("Hi {talentName}, …" → "Hi, …",
 * "你好 {达人名称}，…" → "你好，…"), and at the start of a line also with the punctuation
 * and spaces after it ("{talentName}, hello" → "hello"). One talent's name is never shown to
 * the others.
 */
export function renderBatchScript(
  script: string,
  values: Pick<ScriptValues, 'shopName' | 'productNames'>,
): string {
  const withoutTalent = script.replace(
    /([^\S\n]*)\{\s*([^{}\s]{1,20})\s*\}([，,、：:！!]?[^\S\n]*)/g,
    (whole, _before: string, name: string, after: string, offset: number) => {
      if (variableByName.get(name.toLowerCase()) !== 'talentName') return whole;
      const lineStart = offset === 0 || script[offset - 1] === '\n';
      return lineStart ? '' : after;
    },
  );
  return renderScript(withoutTalent, { ...values, talentName: '' }).trim();
}

// ---------------------------------------------------------------------------
// Creating an invitation task: the talents it picks, the preview, the create.
// ---------------------------------------------------------------------------

/** A task holds at most this many products. */
export const SEND_TASK_PRODUCTS_MAX = 20;
/** A task makes at most this many records (the largest plan's daily cap). */
export const SEND_TASK_TALENTS_MAX = 5_000;
/** A rendered message is at most this long. */
export const SEND_MESSAGE_MAX = 4_000;
/** The preview and the create list at most this many talents of each finding. */
export const FINDINGS_LISTED_MAX = 50;

/** What to do with talents invited for the same shop and task within the cool-down. */
export const cooldownChoices = ['skip', 'include'] as const;
export type CooldownChoice = (typeof cooldownChoices)[number];

/** Why a task would create no record: a catalogue key and its values. */
export interface NothingToInvite {
  key:
    | 'error.sendNoTalentMatches'
    | 'error.sendAllBlacklisted'
    | 'error.sendAllCooldown'
    | 'error.sendAllBlacklistedOrCooldown';
  params: Record<string, number>;
}

/**
 * The real cause when a task would invite nobody, from what its preview found (null when it
 * would invite someone): the rules match no talent, or every talent matched is blacklisted,
 * or was invited within the cool-down (and is skipped), or each is one or the other. The
 * server refuses a create with it and the console says it under the preview beforehand.
 */
export function nothingToInvite(
  found: { matched: number; blacklistedCount: number; cooldownCount: number },
  cooldown: CooldownChoice,
): NothingToInvite | null {
  const { matched, blacklistedCount: blacklisted } = found;
  const cooling = cooldown === 'skip' ? found.cooldownCount : 0;
  if (matched === 0) return { key: 'error.sendNoTalentMatches', params: {} };
  if (blacklisted + cooling < matched) return null;
  if (cooling === 0) return { key: 'error.sendAllBlacklisted', params: { count: blacklisted } };
  if (blacklisted === 0)
    return { key: 'error.sendAllCooldown', params: { count: cooling, days: INVITE_COOLDOWN_DAYS } };
  return {
    key: 'error.sendAllBlacklistedOrCooldown',
    params: { blacklisted, cooldown: cooling, days: INVITE_COOLDOWN_DAYS },
  };
}

export const SEND_RECORD_PAGE_SIZE_DEFAULT = 20;

/**
 * An import's file holds talents: these columns of the talent template (the identity's own
 * columns optional: a TikTok creator's open id, a Douyin talent's 百应ID and uid).
 */
export const sendImportColumnKeys = [
  'name',
  'platform',
  'platformTalentId',
  'creatorUserOpenId',
  'buyinId',
  'buyinUid',
] as const;

/** The columns of a send records export, in order. */
export const sendRecordFileColumns = [
  { key: 'id', zh: '记录ID', en: 'Record ID' },
  { key: 'talentName', zh: '达人名称', en: 'Influencer name' },
  { key: 'platform', zh: '平台', en: 'Platform' },
  { key: 'platformTalentId', zh: '达人ID', en: 'Talent ID' },
  { key: 'taskType', zh: '任务类型', en: 'Task type' },
  { key: 'shopName', zh: '店铺名称', en: 'Shop name' },
  { key: 'setName', zh: '集合名称', en: 'Set name' },
  { key: 'contentType', zh: '内容类型', en: 'Content type' },
  { key: 'filterType', zh: '筛选类型', en: 'Filter type' },
  { key: 'status', zh: '状态', en: 'Status' },
  { key: 'stage', zh: '阶段', en: 'Stage' },
  { key: 'errorCode', zh: '错误码', en: 'Error code' },
  { key: 'errorMessage', zh: '错误信息', en: 'Error message' },
  { key: 'message', zh: '邀约话术', en: 'Message' },
  { key: 'products', zh: '商品', en: 'Products' },
  { key: 'createdAt', zh: '创建时间', en: 'Created time' },
  { key: 'finishedAt', zh: '完成时间', en: 'Finished time' },
] as const;

export const statsDayChoices = [7, 14, 30] as const;
