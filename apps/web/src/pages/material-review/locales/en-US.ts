/** Material review (en-US). */
export default {
  title: 'Material review',
  approve: 'Approve',
  reject: 'Reject',
  bulkApprove: 'Approve selected ({{count}})',
  bulkReject: 'Reject selected ({{count}})',
  approveTitle: 'Approve {{count}} material(s)',
  rejectTitle: 'Reject {{count}} material(s)',
  note: 'Review note',
  noteRequired: 'Please give the reason for the rejection',
  noteTooLong: 'The note may have at most {{max}} characters',
  approved: '{{count}} material(s) approved',
  rejected: '{{count}} material(s) rejected',
  emptyPending: 'No materials are waiting for review',
  anyOffice: 'All institutions',
};
