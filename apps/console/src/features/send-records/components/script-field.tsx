import { Button, Input, Select, Space, Typography } from '@arco-design/web-react';
import type { RefTextAreaType } from '@arco-design/web-react/es/Input';
import {
  SCRIPT_CONTENT_MAX,
  renderScript,
  scriptToken,
  scriptVariables,
  type ScriptValues,
} from '@inviteflow/contract';
import { useRef } from 'react';
import { scriptChoices } from '../api/get-choices.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { useSearchedChoices } from './searched-choices.ts';

/**
 * The script of a task: copied from a template or written here, with buttons that insert
 * its variables where the cursor is, and a live preview made by the contract's
 * `renderScript`, the very function the server fills each record's message with.
 */
export function ScriptField(props: {
  value?: string;
  onChange?: (script: string) => void;
  templateId?: number | undefined;
  onTemplate: (id: number | undefined) => void;
  /**
   * What the preview fills the variables with: the task's first talent, its shop and its
   * products as far as they are chosen. What is not chosen yet shows as a sample value in
   * the console's language, so the preview always reads as a whole message.
   */
  sample: Partial<Pick<ScriptValues, 'talentName' | 'shopName'>> &
    Pick<ScriptValues, 'productNames'>;
}) {
  const { t, locale } = useSendRecordsT();
  const scripts = useSearchedChoices(scriptChoices);
  const area = useRef<RefTextAreaType>(null);
  const script = props.value ?? '';

  const insert = (token: string) => {
    const element = area.current?.dom;
    const start = element?.selectionStart ?? script.length;
    const end = element?.selectionEnd ?? script.length;
    props.onChange?.(script.slice(0, start) + token + script.slice(end));
    // Put the cursor after the inserted variable once React has written the new text.
    window.setTimeout(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const chosen: ScriptValues = {
    talentName: props.sample.talentName ?? '',
    shopName: props.sample.shopName ?? '',
    productNames: props.sample.productNames,
  };
  const filled: ScriptValues = {
    talentName: chosen.talentName || t('create.sampleTalent'),
    shopName: chosen.shopName || t('create.sampleShop'),
    productNames: chosen.productNames.length ? chosen.productNames : [t('create.sampleProduct')],
  };
  const preview = script.trim() ? renderScript(script, filled) : '';
  // Said only when the script really shows one of the sample values.
  const usesSamples = preview !== '' && preview !== renderScript(script, chosen);
  return (
    <div className="send-script">
      <Select
        placeholder={t('create.scriptTemplatePlaceholder')}
        value={props.templateId}
        allowClear
        showSearch
        filterOption={false}
        onSearch={scripts.onSearch}
        onChange={(id: number | undefined) => {
          props.onTemplate(id);
          const chosen = id === undefined ? undefined : scripts.known.get(id);
          if (chosen) props.onChange?.(chosen.content);
        }}
        className="send-script-template"
        aria-label={t('create.scriptTemplate')}
      >
        {scripts.shown(props.templateId === undefined ? [] : [props.templateId]).map((s) => (
          <Select.Option key={s.id} value={s.id}>
            {s.remark || s.content.slice(0, 40)}
          </Select.Option>
        ))}
      </Select>
      <Input.TextArea
        ref={area}
        value={script}
        onChange={(value) => props.onChange?.(value)}
        placeholder={t('create.scriptPlaceholder')}
        autoSize={{ minRows: 4, maxRows: 8 }}
        maxLength={SCRIPT_CONTENT_MAX}
        showWordLimit
      />
      <Space wrap size={4} className="send-variables">
        <Typography.Text type="secondary">{t('create.variables')}</Typography.Text>
        {scriptVariables.map((variable) => (
          <Button
            key={variable.key}
            size="mini"
            type="outline"
            onClick={() => insert(scriptToken(variable.key, locale))}
          >
            {locale === 'zh-CN' ? variable.zh : variable.en}
          </Button>
        ))}
      </Space>
      <div className="send-script-preview" aria-live="polite">
        <Typography.Text type="secondary" className="send-script-preview-title">
          {t('create.scriptPreview')}
          {usesSamples && (
            <span className="send-script-preview-note"> · {t('create.samplesNote')}</span>
          )}
        </Typography.Text>
        <Typography.Paragraph className="send-script-preview-text">
          {preview || (
            <Typography.Text type="secondary">{t('create.scriptPreviewEmpty')}</Typography.Text>
          )}
        </Typography.Paragraph>
      </div>
    </div>
  );
}
