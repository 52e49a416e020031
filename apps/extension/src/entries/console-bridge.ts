import { extensionMessageTypes } from '@inviteflow/contract';
import { askBackground } from '../messaging/messages.ts';
import { acceptWindowMessage } from '../login/login-bridge.ts';

/**
 * Content script on the console's pages (the configured console origins only): the
 * window-message half of the login protocol. It asks the console who is signed in when
 * the page loads, and forwards what the console posts (login data, status answer,
 * logout) to the service worker, which keeps the login.
 */
let answered = false;

window.addEventListener('message', (event) => {
  const message = acceptWindowMessage(event, window);
  if (!message) return;
  if (message.type === extensionMessageTypes.loginStatusResponse) answered = true;
  void askBackground({ kind: 'console-message', data: message }).catch(() => undefined);
});

// The console installs its answerer once its app has started: ask again a few times
// until it answers. Each answer makes a new extension session on the server, so the
// extension asks only while it holds none it can renew by itself.
const delays = [0, 500, 1500, 3000, 6000];
for (const delay of delays) {
  setTimeout(() => {
    if (answered) return;
    void askBackground<boolean | undefined>({ kind: 'needs-login' })
      .catch(() => true)
      .then((needed) => {
        if (answered || needed === false) return;
        window.postMessage({ type: extensionMessageTypes.loginRequest }, window.location.origin);
      });
  }, delay);
}

// The mark the console (and tests) can see: the extension's bridge is listening.
document.documentElement.dataset.inviteflowExtension = 'ready';
