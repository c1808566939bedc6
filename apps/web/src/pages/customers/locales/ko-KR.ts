/** Enable customization, create domain name and personalized interface (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  preview: '미리 보기',
  saved: '저장되었습니다',
  editBrand: '“{{name}}” 브랜드',
  sameAsPlatform: '플랫폼과 동일',
  addLink: '바닥글 링크 추가',
  removeLink: '링크 삭제',
  linkListHint: '링크가 없으면 로그인 페이지에 플랫폼의 바닥글 링크가 표시됩니다.',
  kinds: { agent: '대리점', customer: '고객' },
  fields: {
    name: '이름',
    kind: '유형',
    parent: '상위 기관',
    enabled: '맞춤 설정',
    domainName: '2차 도메인',
    title: '제목',
    tag: '태그라인',
    logo: '로고 주소',
    icoImg: '파비콘 주소',
    copyRight: '저작권',
    backgroundImage: '로그인 배경 주소',
    defaultLanguage: '기본 언어',
    linkList: '바닥글 링크',
    linkName: '링크 텍스트',
    link: '링크 주소',
  },
  errors: {
    linkIncomplete: '각 링크에는 텍스트와 주소가 필요합니다',
    url: '{{field}}은(는) http(s) 주소이거나 /로 시작하는 경로여야 합니다',
    domainName: 'signage.example.com 같은 호스트 이름을 입력하세요(http://, 포트, 경로 제외)',
    domainTaken: '이미 사용 중인 도메인입니다',
  },
  customization: { title: '맞춤 설정 개통', edit: '브랜드 편집' },
  domain: {
    title: '도메인 만들기',
    edit: '도메인 설정',
    editTitle: '“{{name}}”의 2차 도메인',
    hint: '이 주소로 로그인하면 고객의 브랜드가 표시됩니다. 비우면 삭제됩니다.',
  },
  personalized: {
    title: '개인화 인터페이스',
    platform: '플랫폼 브랜드는 시스템 설정에서 지정합니다.',
    active: '맞춤 설정 사용 중',
    inactive: '맞춤 설정이 아직 개통되지 않았습니다',
  },
};

export default messages;
