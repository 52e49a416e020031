/**
 * Sends the browser to the gateway's payment page (the sandbox's, or Alipay's). A
 * separate module so tests can watch the navigation jsdom cannot perform.
 */
export const paymentNavigation = {
  go(paymentUrl: string): void {
    window.location.assign(paymentUrl);
  },
};
