/** Common problem management (en-US). */
export default {
  title: 'Common problem management',
  language: 'Language',
  question: 'Question',
  answer: 'Answer',
  published: 'Published',
  keywordHint: 'Part of the question or answer',
  create: 'New common problem',
  createTitle: 'New common problem',
  editTitle: 'Edit common problem',
  saved: 'The common problem was saved',
  deleted: 'Deleted',
  publishedNow: 'Published',
  withdrawn: 'Withdrawn',
  errors: {
    platformOnly: 'Only platform users can change platform-wide data',
    notFound: 'The entry no longer exists',
  },
};
