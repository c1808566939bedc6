import type en from '../en-US/common';

/** 공통 단어: 버튼, 일반 상태, 제목 접두어. */
const common: typeof en = {
  admin: '관리자',
  language: '언어',
  backHome: '홈으로',
  backToLogin: '로그인으로 돌아가기',
  submit: '제출',
  cancel: '취소',
  ok: '확인',
  close: '닫기',
  loading: '불러오는 중…',
  reload: '새로 고침',
  success: '작업이 완료되었습니다',
  optional: '선택 사항',
};
export default common;
