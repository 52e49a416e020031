import { Button, Input, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { KEYWORD_MAX } from '@inviteflow/contract';
import { useEffect, useState } from 'react';
import { useT } from '@/locale/index.ts';

/** Keyword search with Search and Reset, in the style of Arco Pro's search tables. */
export function SearchBar(props: {
  placeholder: string;
  onSearch: (keyword: string) => void;
  /** The field's label; "Keyword" by default. */
  label?: string | undefined;
  /** The keyword applied (from the page's URL): the field shows it, also after Back. */
  applied?: string | undefined;
}) {
  const { t } = useT();
  const [value, setValue] = useState(props.applied ?? '');
  useEffect(() => setValue(props.applied ?? ''), [props.applied]);
  return (
    <div className="crud-search">
      <label className="crud-search-field">
        <span>{props.label ?? t('crud.keyword')}</span>
        <Input
          value={value}
          onChange={setValue}
          onPressEnter={() => props.onSearch(value)}
          placeholder={props.placeholder}
          maxLength={KEYWORD_MAX}
          allowClear
          onClear={() => props.onSearch('')}
        />
      </label>
      <Space>
        <Button type="primary" icon={<IconSearch />} onClick={() => props.onSearch(value)}>
          {t('crud.search')}
        </Button>
        <Button
          icon={<IconRefresh />}
          onClick={() => {
            setValue('');
            props.onSearch('');
          }}
        >
          {t('crud.reset')}
        </Button>
      </Space>
    </div>
  );
}
