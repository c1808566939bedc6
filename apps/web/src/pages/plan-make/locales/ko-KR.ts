/** Plan production (ko-KR). */
export default {
  title: '재생 계획 제작',
};
