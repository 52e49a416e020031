import { Modal } from '@arco-design/web-react';
import { tGlobal } from '@/locale/index.ts';

let open = false;

/**
 * The blocking 'Authentication failed' dialog (spec section 4); one at a time however many
 * calls fail. Kept in its own module so the login page does not download Modal.
 */
export function showAuthDialog(onConfirm: () => Promise<void>) {
  if (open) return;
  open = true;
  Modal.error({
    title: tGlobal('request.authFailedTitle'),
    content: tGlobal('request.authFailedContent'),
    okText: tGlobal('request.reLogin'),
    closable: false,
    maskClosable: false,
    escToExit: false,
    onOk: async () => {
      await onConfirm();
      open = false;
    },
  });
}

/** For tests: forget the open dialog (its DOM is gone between tests). */
export function resetAuthDialog() {
  open = false;
}
