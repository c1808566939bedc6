/** Program editor properties panels (en-US). */
export default {
  title: 'Properties',
};
