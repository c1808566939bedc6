/** Program publishing (ko-KR). */
export default {
  title: '프로그램 게시',
};
