/** Program editor (zh-HK). */
export default {
  title: '節目編輯器',
};
