/** Program editor properties panels (ko-KR). */
export default {
  title: '속성',
};
