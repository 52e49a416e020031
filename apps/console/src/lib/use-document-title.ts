import { useEffect } from 'react';

/** The browser tab reads "<page> - InviteFlow", in the current language. */
export function useDocumentTitle(pageTitle: string | undefined) {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - InviteFlow` : 'InviteFlow';
  }, [pageTitle]);
}
