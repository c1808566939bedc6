/** Announcement management (en-US). */
export default {
  title: 'Announcement management',
  intro:
    'The announcement pops up for every user after sign-in while it is switched on and within its period.',
  saved: 'Announcement saved',
  fields: {
    titleCh: 'Title (Chinese)',
    titleEn: 'Title (English)',
    contentCh: 'Content (Chinese)',
    contentEn: 'Content (English)',
    period: 'Period',
    start: 'Start',
    end: 'End (empty: no end)',
    colseTipOn: 'Show the popup',
  },
  endAfterStart: 'The end of the period must come after its start',
  titleNeeded: 'Enter a title in Chinese or English to show the popup',
  contentNeeded: 'Enter content in Chinese or English to show the popup',
  preview: 'Preview',
  previewChinese: 'Chinese',
  previewEnglish: 'English',
  previewEmpty: 'Nothing to preview yet',
  status: {
    active: 'Showing now',
    scheduled: 'Scheduled',
    ended: 'Period over',
    off: 'Popup off',
  },
};
