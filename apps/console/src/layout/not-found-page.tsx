import { Button, Result } from '@arco-design/web-react';
import { defaultRoutePath } from '@inviteflow/contract';
import { useNavigate } from 'react-router';
import { useT } from '@/locale/index.ts';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

/** Unknown and denied routes (spec section 8). */
export function NotFoundPage() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <div className="page-exception">
      <Result
        status="404"
        title={t('exception.notFound.title')}
        subTitle={t('exception.notFound.subtitle')}
        extra={
          <Button type="primary" onClick={() => void navigate(defaultRoutePath, { replace: true })}>
            {t('exception.back')}
          </Button>
        }
      />
    </div>
  );
}
