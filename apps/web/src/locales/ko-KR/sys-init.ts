import type en from '../en-US/sys-init';

/** 시스템 초기화 페이지. */
const sysInit: typeof en = {
  title: '시스템 초기화',
  intro: '첫 번째 기관과 그 관리자 계정을 만듭니다.',
  officeName: '기관 이름',
  officeNameRequired: '기관 이름을 입력하세요',
  officeNameMax: '기관 이름은 최대 100자입니다',
  username: '관리자 로그인 이름',
  usernameRequired: '관리자 로그인 이름을 입력하세요',
  usernamePattern: '관리자 로그인 이름은 영문자, 숫자 또는 _ . - @ 문자 2–50자여야 합니다',
  name: '표시 이름',
  nameMax: '표시 이름은 최대 100자입니다',
  password: '비밀번호',
  passwordRequired: '비밀번호를 입력하세요',
  passwordRule: '비밀번호는 8–64자이며 소문자, 대문자, 숫자, 기호를 모두 포함해야 합니다',
  confirm: '비밀번호 확인',
  confirmRequired: '비밀번호를 한 번 더 입력하세요',
  confirmMismatch: '비밀번호 확인이 비밀번호와 일치하지 않습니다',
  submit: '초기화',
  success: '시스템이 초기화되었습니다. 로그인하세요.',
  defaultLanguage: '기본 언어',
  defaultLanguageHelp: '새 방문자에게 콘솔이 열리는 언어입니다. 각 사용자는 언제든지 바꿀 수 있습니다.',
  setupToken:
    '서버가 시작할 때 출력한 주소(…/sysInit?token=…)로 이 페이지를 여십시오. 설정 토큰이 없거나 올바르지 않습니다.',
  alreadyInitialised: '시스템이 이미 초기화되었습니다.',
  failed: '초기화하지 못했습니다. 양식을 확인한 후 다시 시도해 주세요.',
};
export default sysInit;
