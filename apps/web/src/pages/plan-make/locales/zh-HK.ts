/** Plan production (zh-HK). */
export default {
  title: '節目計劃製作',
};
