/** The review history (en-US). */
export default {
  open: 'History',
  title: 'Review history of “{{name}}”',
  revision: 'Revision {{revision}}',
  system: 'the system',
  empty: 'No review steps yet (saved while review was off).',
  loadFailed: 'The history could not be loaded.',
  actions: {
    submitted: 'Submitted',
    resubmitted: 'Resubmitted',
    approved: 'Approved',
    rejected: 'Rejected',
    autoApproved: 'Approved on saving',
  },
};
