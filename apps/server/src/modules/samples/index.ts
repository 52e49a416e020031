/**
 * Samples (issue 19): creators' sample requests of the seller's shops. The only entry of the
 * module: app.ts registers its routes with the platforms' reviewer (SampleReviewPort), and the
 * platform syncs write what they read through upsertRequests.
 */
export {
  requestsOfApplications,
  upsertRequests,
  type SampleRequestInput,
  type SampleRequestRow,
  type StoredFulfilment,
} from './repository.ts';
export { sampleRoutes } from './routes.ts';
export { Samples, type SampleDecision, type SampleReviewPort } from './service.ts';
