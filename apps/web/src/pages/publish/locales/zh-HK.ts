/** Program publishing (zh-HK). */
export default {
  title: '發佈節目',
};
