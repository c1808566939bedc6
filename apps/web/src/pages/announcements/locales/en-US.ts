/** Announcement management (en-US). */
export default {
  title: 'Announcement management',
  intro:
    'The announcement pops up for every user after sign-in while it is switched on and within its period.',
  saved: 'Announcement saved',
  fields: {
    texts: 'Title and content',
    titleIn: 'Title ({{language}})',
    contentIn: 'Content ({{language}})',
    period: 'Period',
    start: 'Start',
    end: 'End (empty: no end)',
    colseTipOn: 'Show the popup',
  },
  endAfterStart: 'The end of the period must come after its start',
  titleNeeded: 'Enter a title in this language to show the popup, or remove the language',
  contentNeeded: 'Enter content in this language to show the popup, or remove the language',
  addLanguage: 'Add language',
  removeLanguage: 'Remove language',
  preview: 'Preview',
  previewLanguage: 'Language of the preview',
  previewEmpty: 'Nothing to preview yet',
  status: {
    active: 'Showing now',
    scheduled: 'Scheduled',
    ended: 'Period over',
    off: 'Popup off',
  },
};
