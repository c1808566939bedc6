import type en from '../en-US/route';

/** 문서 제목에 쓰이는 페이지 이름. */
const route: typeof en = {
  login: '로그인',
  sysInit: '시스템 초기화',
  register: '회원가입',
  forgotPassword: '비밀번호 찾기',
  home: '홈',
  personalCenter: '개인 센터',
  forbidden: '접근 거부',
  notFound: '페이지를 찾을 수 없음',
  serverError: '서버 오류',
  logout: '로그인 만료',
  inframe: '임베드 페이지',
  planMakeFull: '계획 제작',
  publishSet: '배포 설정',
  terminalSelection: '단말 선택',
  programEditor: '프로그램 편집기',
};
export default route;
