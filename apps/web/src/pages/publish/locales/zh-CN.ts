/** Program publishing (zh-CN). */
export default {
  title: '发布节目',
};
