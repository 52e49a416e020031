import { Button, Result } from '@arco-design/web-react';
import { defaultRoutePath } from '@inviteflow/contract';
import { useNavigate } from 'react-router';
import { useT } from '@/locale/index.ts';

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
          <Button type="primary" onClick={() => navigate(defaultRoutePath, { replace: true })}>
            {t('exception.back')}
          </Button>
        }
      />
    </div>
  );
}
