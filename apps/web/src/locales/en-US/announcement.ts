/** The announcement popup after sign-in. */
export default {
  title: 'Announcement',
  noMore: 'No more reminders',
  close: 'Close',
  fetchFailed: 'Error getting announcement!',
};
