/** Plan production (zh-CN). */
export default {
  title: '节目计划制作',
};
