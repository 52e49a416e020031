import { Modal } from '@arco-design/web-react';
import { tGlobal } from '@/locale/index.ts';

let open: ReturnType<typeof Modal.error> | null = null;

/**
 * The blocking 'Authentication failed' dialog (spec section 4); one at a time however many
 * calls fail. Kept in its own module so the login page does not download Modal.
 * Answers whether this call opened it (false when one is already open).
 */
export function showAuthDialog(onConfirm: () => Promise<void>): boolean {
  if (open) return false;
  const dialog = Modal.error({
    title: tGlobal('request.authFailedTitle'),
    content: tGlobal('request.authFailedContent'),
    okText: tGlobal('request.reLogin'),
    closable: false,
    maskClosable: false,
    escToExit: false,
    onOk: async () => {
      await onConfirm();
      if (open === dialog) open = null;
    },
  });
  open = dialog;
  return true;
}

/** Takes the dialog away: the session it asks to renew has ended otherwise. */
export function closeAuthDialog() {
  const dialog = open;
  open = null;
  dialog?.close();
}

/** For tests: forget the open dialog (its DOM is gone between tests). */
export function resetAuthDialog() {
  open = null;
}
