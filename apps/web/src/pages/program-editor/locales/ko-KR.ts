/** Program editor (ko-KR). */
export default {
  title: '프로그램 편집기',
};
