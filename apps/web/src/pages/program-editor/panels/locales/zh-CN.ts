/** Program editor properties panels (zh-CN). */
export default {
  title: '属性',
};
