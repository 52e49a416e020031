/** Find creators (issue 19): the platform's creator marketplace. The only entry of this part. */
export { CreatorMarketplace } from './service.ts';
export { creatorMarketplaceRoutes } from './routes.ts';
