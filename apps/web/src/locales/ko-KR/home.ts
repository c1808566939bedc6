import type en from '../en-US/home';

/** 로그인 후 홈 페이지와 헤더. */
const home: typeof en = {
  welcome: '다시 오신 것을 환영합니다',
  office: '기관',
  noOffice: '기관 없음',
  loginName: '로그인 이름',
  signedInAt: '로그인 시각',
  personalCenter: '개인 센터',
  signOut: '로그아웃',
  signOutFailed: '로그아웃 요청이 서버에 전달되지 않았습니다. 이 기기에서는 로그아웃되었습니다.',
  loadFailed: '계정 정보를 불러오지 못했습니다.',
  retry: '다시 시도',
  roles: '역할',
  noRoles: '역할 없음',
  menuEntries: '내 페이지',
  noMenuEntries: '아직 사용할 수 있는 페이지가 없습니다. 관리자에게 권한을 요청하세요.',
  roleNames: {
    superAdmin: '최고 관리자',
    operator: '운영자',
    auditor: '감사자',
    manager: '관리자',
  },
};
export default home;
