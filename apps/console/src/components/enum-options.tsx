import { Select } from '@arco-design/web-react';

/** The options of a Select over an enum's values, in their order, each with its text. */
export function enumOptions<V extends string>(values: readonly V[], text: (value: V) => string) {
  return values.map((value) => (
    <Select.Option key={value} value={value}>
      {text(value)}
    </Select.Option>
  ));
}
