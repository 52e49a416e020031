import type { ReactNode } from 'react';

/**
 * One field with its visible label and its message, drawn with Arco Form's own classes
 * (vertical layout), so it looks and behaves for the eye exactly like a `Form.Item`. The
 * login page uses it instead of Arco's Form, which alone would add some 40 KB (gzip) to
 * everyone's first download. `htmlFor` is the id of the input the label names.
 */
export function PlainFormItem({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const status = error ? ' arco-form-item-error arco-form-item-status-error' : '';
  return (
    <div
      className={`arco-row-align-start arco-row-justify-start arco-form-item${status} arco-form-layout-vertical`}
    >
      <div className="arco-form-label-item">
        <label htmlFor={htmlFor}>{label}</label>
      </div>
      <div className="arco-form-item-wrapper">
        <div className="arco-form-item-control-wrapper">
          <div className="arco-form-item-control">
            <div className="arco-form-item-control-children">{children}</div>
          </div>
        </div>
        {error && (
          <div className="arco-form-message">
            <div role="alert">{error}</div>
          </div>
        )}
      </div>
    </div>
  );
}
