import { Spin } from '@arco-design/web-react';

/** While a lazy page's code arrives. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size={32} />
    </div>
  );
}
