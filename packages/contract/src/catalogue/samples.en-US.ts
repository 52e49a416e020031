import type { TranslationOf } from '../locale.ts';
import type { samplesZh } from './samples.ts';

/** The en-US texts of samples.ts, key for key (a missing one fails the type check). */
export const samplesEn: TranslationOf<typeof samplesZh> = {
  'validation.sampleReviewResult': 'Choose approve or reject',
  'validation.sampleRejectReason': 'The rejection reason is not valid',
  'validation.sampleRejectReasonRequired': 'Choose a reason to reject the sample request',
  'success.sampleApproved': 'Sample request approved',
  'success.sampleRejected': 'Sample request rejected',
  'error.sampleNotPending': 'This sample request is no longer waiting for review',
  'error.sampleApproveExpired':
    "The platform's review deadline has passed: this sample request can no longer be reviewed",
  'error.sampleNotApprovable':
    'The platform does not allow approving this sample request: {reasons}',
  'error.sampleAgency':
    "An agency applied on the creator's behalf: the platform does not let the seller review it",
  'error.sampleReviewUnsupported':
    "This platform's sample requests cannot be reviewed here: use 抖店 / 百应",
  'error.sampleNotConnected':
    'The shop is not connected by authorization: connect it in My Shops first',
  'error.sampleReconnect':
    "The shop's authorization has lapsed or lacks the affiliate collaboration scope: authorize it again in My Shops",
  'error.sampleRefused': 'The platform refused the review: {message}',
  'error.sampleUnavailable': 'The platform cannot be reached right now: try again later',
} as const;
