/** Dictionary management (en-US). */
export default {
  title: 'Dictionary management',
  types: 'Dictionary types',
  allTypes: 'All types',
  type: 'Type',
  value: 'Value',
  label: 'Label',
  labelFor: 'Label ({{language}})',
  description: 'Description',
  keywordHint: 'Type, value or label',
  typeRule: 'The type starts with a letter and has at most 64 letters, digits or _ . -',
  valueRule: 'The value has 1–64 letters, digits or _ . : -',
  create: 'New entry',
  createTitle: 'New dictionary entry',
  editTitle: 'Edit “{{name}}”',
  saved: 'The entry was saved',
  deleted: 'Deleted',
  errors: {
    platformOnly: 'Only platform users can change platform-wide data',
    duplicateValue: 'This value already exists in this type',
    notFound: 'The entry no longer exists',
  },
};
