import { Select, Typography } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useTalentChoices } from '../api/get-choices.ts';
import { useSendRecordsT } from '../locale/index.ts';

/** How long typing pauses before the library is searched. */
export const SEARCH_DELAY_MS = 300;

/**
 * Picks talents from the library by name (a server search as one types). Picked talents keep
 * their names while other searches run.
 */
export function TalentPicker(props: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  max: number;
}) {
  const { t } = useSendRecordsT();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const names = useRef(new Map<number, string>());
  const found = useTalentChoices(search).data?.list ?? [];
  for (const talent of found) names.current.set(talent.id, talent.name);

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const picked = props.value ?? [];
  const shown = [
    ...found,
    ...picked
      .filter((id) => !found.some((talent) => talent.id === id))
      .map((id) => ({ id, name: names.current.get(id) ?? String(id), platformTalentId: '' })),
  ];

  return (
    <Select
      mode="multiple"
      className="send-talent-picker"
      placeholder={t('create.talentsPlaceholder')}
      value={picked}
      onChange={(ids: number[]) => props.onChange?.(ids.slice(0, props.max))}
      showSearch
      filterOption={false}
      onSearch={setTyped}
      allowClear
      maxTagCount={30}
      renderFormat={(_option, value) => names.current.get(Number(value)) ?? String(value)}
    >
      {shown.map((talent) => (
        <Select.Option key={talent.id} value={talent.id}>
          <span className="send-talent-option">
            {talent.name}
            {talent.platformTalentId && (
              <Typography.Text type="secondary" className="send-talent-id">
                {talent.platformTalentId}
              </Typography.Text>
            )}
          </span>
        </Select.Option>
      ))}
    </Select>
  );
}
