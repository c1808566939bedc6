/** Program editor (zh-CN). */
export default {
  title: '节目编辑器',
};
