import {
  CONTACT_INFO_MAX,
  LABEL_MAX_LENGTH,
  LABELS_PER_TALENT_MAX,
  SHOP_NAME_MAX,
  TALENT_NAME_MAX,
  TALENT_REMARK_MAX,
  settableTalentStatuses,
  talentTiers,
  translate,
  type Locale,
  type CatalogueKey,
  type TalentFileFormat,
} from '@inviteflow/contract';
import { stringify } from 'csv-stringify/sync';
import { loadExcelJs } from '../../lib/sheets/exceljs.ts';
import {
  columnHeader,
  enumChoices,
  enumKinds,
  enumLabel,
  fileColumns,
  type ColumnKey,
} from './file-cells.ts';

/**
 * The import template: the import columns in the chosen language, one example row
 * that imports as it is, and (in .xlsx) a second sheet saying what each column
 * accepts. It holds no data of anyone's.
 */

const money = new Set<ColumnKey>(['videoGpm', 'liveGpm', 'businessAmount']);
const counts = new Set<ColumnKey>(['fansCount', 'videoAvgViews', 'liveAvgViews', 'dealCount']);

function exampleRow(locale: Locale): Record<ColumnKey, string | number> {
  const t = (key: CatalogueKey) => translate(locale, key);
  return {
    name: t('template.exampleName'),
    platform: enumLabel('platform', 'douyin', locale),
    platformTalentId: '1234567890',
    creatorUserOpenId: '',
    buyinId: '7012345678',
    buyinUid: '',
    shopName: t('template.exampleShop'),
    industry: enumLabel('industry', 'beauty', locale),
    labels: `${translate(locale, 'enum.talentTier.quality')}, ${t('template.exampleLabel')}`,
    status: enumLabel('status', 'pending_contact', locale),
    contactMethod: enumLabel('contactMethod', 'wechat', locale),
    contactInfo: 'wx_sample01',
    fansCount: 12000,
    videoAvgViews: 3500,
    videoGpm: '12.50',
    liveAvgViews: 800,
    liveGpm: '30.00',
    businessAmount: '15800.00',
    businessAmountCurrency: '',
    dealCount: 120,
    remark: t('template.exampleRemark'),
    addedAt: '2026-01-31 14:30',
    updatedAt: '',
  };
}

/** What a column accepts, in words. */
function rule(key: ColumnKey, locale: Locale): string {
  const t = (k: CatalogueKey, params?: Record<string, string | number>) =>
    translate(locale, k, params);
  switch (key) {
    case 'name':
      return t('template.ruleText', { max: TALENT_NAME_MAX });
    case 'shopName':
      return t('template.ruleText', { max: SHOP_NAME_MAX });
    case 'remark':
      return t('template.ruleText', { max: TALENT_REMARK_MAX });
    case 'platformTalentId':
      return t('template.ruleTalentId');
    case 'creatorUserOpenId':
      return t('template.ruleOpenId');
    case 'buyinId':
      return t('template.ruleBuyinId');
    case 'buyinUid':
      return t('template.ruleBuyinUid');
    case 'contactInfo':
      return t('template.ruleContactInfo', { max: CONTACT_INFO_MAX });
    case 'platform':
    case 'industry':
    case 'contactMethod':
      return t('template.ruleOneOf', { values: enumChoices(key, enumKinds[key].keys, locale) });
    case 'status':
      return t('template.ruleStatus', {
        values: enumChoices('status', settableTalentStatuses, locale),
      });
    case 'labels':
      return t('template.ruleLabels', {
        max: LABELS_PER_TALENT_MAX,
        length: LABEL_MAX_LENGTH,
        tiers: talentTiers
          .map((tier) => translate(locale, `enum.talentTier.${tier}` as CatalogueKey))
          .join(locale === 'zh-CN' ? '、' : ', '),
      });
    case 'addedAt':
    case 'updatedAt':
      return t('template.ruleTime');
    default:
      if (money.has(key)) return t('template.ruleMoney');
      if (counts.has(key)) return t('template.ruleCount');
      return '';
  }
}

export function templateFileName(format: TalentFileFormat, locale: Locale) {
  return {
    name: `${translate(locale, 'template.fileName')}.${format}`,
    ascii: `talent-import-template.${format}`,
  };
}

/**
 * The template of an import of talents. `only`: a file that holds just these columns
 * (a send record import names talents by name, platform and ID); `note`: what the guide
 * says under the columns.
 */
export async function importTemplate(
  format: TalentFileFormat,
  locale: Locale,
  options: { only?: readonly ColumnKey[]; note?: CatalogueKey } = {},
): Promise<Buffer> {
  const only = options.only;
  const columns = fileColumns('import').filter((c) => !only || only.includes(c.key));
  const example = exampleRow(locale);
  if (format === 'csv') {
    // A BOM and CRLF, so Excel and WPS open the Chinese text as it is.
    return Buffer.from(
      stringify([columns.map((c) => columnHeader(c, locale)), columns.map((c) => example[c.key])], {
        bom: true,
        record_delimiter: 'windows',
      }),
    );
  }
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(locale, 'template.sheetTalents'));
  sheet.columns = columns.map((c) => ({
    header: columnHeader(c, locale),
    key: c.key,
    width: Math.max(12, columnHeader(c, locale).length * 2 + 4),
    // Talent IDs stay text: a long numeric ID typed into a number cell loses digits.
    style: c.key === 'platformTalentId' ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(columns.map((c) => example[c.key]));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const guide = workbook.addWorksheet(translate(locale, 'template.sheetGuide'));
  guide.columns = [
    { header: translate(locale, 'template.guideColumn'), key: 'column', width: 24 },
    { header: translate(locale, 'template.guideRequired'), key: 'required', width: 10 },
    { header: translate(locale, 'template.guideValues'), key: 'values', width: 100 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of columns) {
    guide.addRow({
      column: columnHeader(c, locale),
      required: translate(locale, 'required' in c ? 'template.yes' : 'template.no'),
      values: rule(c.key, locale),
    });
  }
  guide.addRow([]);
  guide.addRow([translate(locale, options.note ?? 'template.guideNote')]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
