import { Select, Typography } from '@arco-design/web-react';
import { talentChoices } from '../api/get-choices.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { useSearchedChoices } from './searched-choices.ts';

/**
 * Picks talents from the library by name (a server search as one types). Picked talents keep
 * their names while other searches run.
 */
export function TalentPicker(props: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  max: number;
  /** Talents picked elsewhere (Find creators' "Add and invite"), shown by name at once. */
  seed?: ReadonlyArray<{ id: number; name: string; platformTalentId: string }>;
}) {
  const { t } = useSendRecordsT();
  const talents = useSearchedChoices(talentChoices, props.seed);
  const picked = props.value ?? [];

  return (
    <Select
      mode="multiple"
      className="send-talent-picker"
      placeholder={t('create.talentsPlaceholder')}
      value={picked}
      onChange={(ids: number[]) => props.onChange?.(ids.slice(0, props.max))}
      showSearch
      filterOption={false}
      onSearch={talents.onSearch}
      allowClear
      maxTagCount={30}
      renderFormat={(_option, value) => talents.known.get(Number(value))?.name ?? String(value)}
    >
      {talents.shown(picked).map((talent) => (
        <Select.Option key={talent.id} value={talent.id}>
          <span className="send-talent-option">
            {talent.name}
            <Typography.Text type="secondary" className="send-talent-id">
              {talent.platformTalentId}
            </Typography.Text>
          </span>
        </Select.Option>
      ))}
    </Select>
  );
}
