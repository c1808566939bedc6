/** Program editor properties panels (zh-HK). */
export default {
  title: '屬性',
};
