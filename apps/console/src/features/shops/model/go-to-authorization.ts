/**
 * Sends the browser to the platform's authorization page (TikTok Shop's, or the embedded
 * sandbox's). A separate module so tests can watch the navigation jsdom cannot perform.
 */
export const authorizationNavigation = {
  go(authorizeUrl: string): void {
    window.location.assign(authorizeUrl);
  },
};
