/** Program editor properties panels (it-IT). */
export default {
  title: 'Proprietà',
};
