/**
 * The most common passwords of the well-known public top lists (leaked
 * password sets, default and keyboard-walk passwords), lowercased. Only those
 * of 8 characters or more: anything shorter is refused by the length rule
 * already (docs/decisions/password-rule.md). One string split at
 * spaces keeps the web bundle small.
 */
const LIST = `
12345678 123456789 1234567890 12345678910 0123456789 01234567 0987654321 987654321 87654321
11111111 1111111111 00000000 0000000000 22222222 33333333 44444444 55555555 5555555555 66666666
77777777 88888888 99999999 12121212 1212121212 12341234 12344321 11223344 1122334455 112233445566
123123123 123321123 123456123456 1234512345 1234554321 11112222 147258369 147852369 741852963
963852741 159357456 123698745 159753159 31415926 3141592653 20202020 19871987 19901990 20002000
qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwerty12345 qwerty123456 qwerty01 qwerty11 qwerty123!
qwertyu1 qwerasdf qwerqwer qwer1234 1234qwer q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 1q2w3e4r 1q2w3e4r5
1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qaz2wsx3edc 1qazxsw2 1qaz@wsx !qaz2wsx !qaz@wsx 1qaz!qaz zaq12wsx
zaq1zaq1 zaq1xsw2 zaq!2wsx qazwsxedc qazwsx123 qazxswedc qweasdzxc qweasd123 123qweasd 123qweasdzxc
qwe123qwe qwe12345 qwe123456 123qwe123 qweqweqwe asdfghjkl asdfghjk asdf1234 asdfasdf asdasdasd
asdfqwer zxcvbnm1 zxcvbnm123 zxcvzxcv poiuytrewq lkjhgfdsa mnbvcxz1 1234abcd abcd1234
abcdefgh abcdefg1 abcdefghi abcdefghij abc12345 abc123456 abcd12345 abc123abc 123abc123 123456abc
a1b2c3d4 a1b2c3d4e5 aa123456 aa12345678 a1234567 a12345678 a123456789 1234567a 12345678a 123456789a
aaaaaaaa zzzzzzzz abcabcabc 1a2b3c4d abc@1234 abcd@1234 abc123!@# qwerty!@# !@#$%^&* 1234!@#$
password password1 password12 password123 password1234 password12345 password2 password! password1!
password@1 password@123 password#1 passwords password01 password11 mypassword 1password
thepassword newpassword mypassword1 passw0rd passw0rd1 passw0rd! p@ssw0rd p@ssw0rd1 p@ssw0rd! p@ssword
p@ssword1 p@55w0rd pa$$word pa$$w0rd pass1234 pass12345 pass@123 pass@1234 passpass passport
password2020 password2021 password2022 password2023 password2024 password2025 password2026
passwort passwort1 motdepasse contrasena contraseña senha123 parola123 wachtwoord salasana
admin123 admin1234 admin12345 admin123456 admin@123 admin@1234 admin!@# adminadmin administrator
administrator1 admin2020 admin2021 admin2022 admin2023 admin2024 admin2025 admin2026 admin1234!
root1234 root@123 rootroot toor1234 changeme changeme1 changeme123 default1 default123 defaultpassword
guest123 guestguest user1234 user@123 username test1234 test12345 test@123 testtest testing1 testing123
welcome1 welcome12 welcome123 welcome@123 welcome1! welcome2023 welcome2024 welcome2025 letmein1
letmein123 letmein! secret12 secret123 secret1234 topsecret qwerty1! master12 master123 master1234
login123 login1234 access14 accessdenied manager1 support1 service1 system123 server123 demo1234
iloveyou iloveyou1 iloveyou2 iloveyou! iloveyou123 iloveu123 iloveyousomuch iloveme1 loveyou1 lovelove
loveyou123 love1234 love12345 lovely123 lovers123 mylove123 sweetheart sweetie1 princess princess1
princesa babygirl babygirl1 babygurl babyboy1 sunshine sunshine1 butterfly butterfly1 chocolate
chocolate1 strawberry icecream lollipop cupcake1 rainbow1 flower123 starwars starwars1 superman
superman1 spiderman batman123 pokemon123 harrypotter hellokitty spongebob tinkerbell poohbear
football football1 football12 baseball baseball1 basketball softball volleyball soccer123 hockey123
liverpool liverpool1 barcelona arsenal1 chelsea1 manchester manutd123 juventus realmadrid steelers
cowboys1 dolphins redskins patriots yankees1 jordan23 lakers24 blink182 greenday slipknot metallica
metallic nirvana1 eminem123 johncena chrisbrown rockstar superstar trustno1 whatever computer
computer1 internet internet1 corvette mercedes maverick mustang1 ferrari1 porsche1 chevrolet
mitsubishi midnight scorpion panthers einstein mountain elephant fireball firebird brooklyn hello123
hellohello goodluck godzilla guinness hercules marlboro lacrosse explorer enterprise cheyenne
cardinal bigdaddy blahblah thunder1 phoenix1 dragon12 dragon123 monkey12 monkey123 shadow12
shadow123 michael1 charlie1 jessica1 jennifer michelle danielle samantha victoria jonathan nicholas
elizabeth christopher alexander alexandra stephanie patricia kimberly veronica caroline catherine
isabelle kristina courtney brittany cristina fernando gabriela charlotte benjamin jackson1 madison1
mitchell matthew1 jasmine1 anthony1 william1 richard1 samsung1 samsung123 google123 facebook
facebook1 linkedin myspace1 hotmail1 yahoo123 gmail123 instagram youtube1 twitter1 iphone123
apple123 microsoft windows1 windows10 linux123 ubuntu123 oracle123 mysql123 postgres postgres123
database server01 website1 webmaster business company1 office123 shopping onlineshop
december november september october1 january1 february august12 summer12 summer123 summer2020
summer2021 summer2022 summer2023 summer2024 summer2025 summer2026 winter12 winter2020 winter2021
winter2022 winter2023 winter2024 winter2025 winter2026 spring2023 spring2024 spring2025 spring2026
autumn2023 autumn2024 autumn2025 fall2023 fall2024 fall2025 friends1 freedom1 forever1 family123
familia1 beautiful precious pictures mariposa tequiero teamomucho inuyasha naruto123 sakura123
sayangku sayang123 malaysia malaysia1 malaysia123 kualalumpur bismillah alhamdulillah indonesia
singapore iloveyou3 cutiepie mahalkita password3 qwerty123456789 1234567891 123456789q 123456789z
987654321a 123456qwe 123456aa 123456aaa 1234qwerasdf qwertyasdf asdfghjkl1 zxcvbnmasdfghjkl
qwertyuiop123 1qa2ws3ed 1q1q1q1q 2wsx3edc 3edc4rfv 4rfv5tgb 5tgb6yhn 6yhn7ujm
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

/** True when the password is one of the list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
