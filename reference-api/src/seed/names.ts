/**
 * Deterministic name lists of the seeded worlds (fictional people; a mix of origins, as in a US clinic).
 * The seed picks from them with its own random stream, so the same seed gives the same people.
 */
export const FIRST_NAMES = [
  "Aaliyah", "Aaron", "Abigail", "Adrian", "Aisha", "Alejandro", "Alexis", "Ali", "Amara", "Amelia", "Ana", "Andre", "Angela",
  "Anthony", "Arjun", "Ava", "Benjamin", "Bianca", "Brandon", "Brianna", "Caleb", "Camila", "Carlos", "Carmen", "Charlotte",
  "Chen", "Chloe", "Christopher", "Claire", "Daniela", "David", "Deborah", "Diego", "Dmitri", "Elena", "Elijah", "Elizabeth",
  "Emeka", "Emily", "Emma", "Eric", "Esperanza", "Ethan", "Fatima", "Felix", "Fiona", "Gabriel", "Grace", "Hannah", "Hassan",
  "Hiroshi", "Ibrahim", "Imani", "Isabella", "Isaiah", "Jacob", "Jamal", "James", "Jasmine", "Javier", "Jennifer", "Jessica",
  "Jin", "John", "Jordan", "Jose", "Joseph", "Julia", "Kai", "Karen", "Keisha", "Kenji", "Kevin", "Laila", "Laura", "Leah",
  "Leo", "Liam", "Lila", "Linda", "Lucas", "Lucia", "Luis", "Madison", "Malik", "Marcus", "Margaret", "Maria", "Mark", "Mateo",
  "Matthew", "Mei", "Michael", "Michelle", "Mohammed", "Nadia", "Naomi", "Nathan", "Nia", "Nicholas", "Noah", "Olivia", "Omar",
  "Patricia", "Paul", "Priya", "Rachel", "Rafael", "Rahul", "Rebecca", "Ricardo", "Robert", "Rosa", "Ryan", "Samantha", "Samuel",
  "Sara", "Sebastian", "Sofia", "Stephanie", "Susan", "Tariq", "Thomas", "Tiffany", "Valentina", "Victor", "Wei", "William",
  "Xavier", "Yara", "Yusuf", "Zara", "Zoe",
] as const;

export const LAST_NAMES = [
  "Abbott", "Adeyemi", "Aguilar", "Ahmed", "Alvarez", "Anderson", "Bailey", "Baker", "Banerjee", "Barnes", "Bell", "Bennett",
  "Brooks", "Brown", "Bui", "Campbell", "Carter", "Castillo", "Chang", "Chavez", "Chen", "Choi", "Clark", "Coleman", "Collins",
  "Cooper", "Cruz", "Davis", "Diaz", "Dubois", "Edwards", "Evans", "Fernandez", "Fischer", "Flores", "Foster", "Garcia", "Gomez",
  "Gonzalez", "Gordon", "Graham", "Green", "Gupta", "Gutierrez", "Hall", "Harris", "Hayes", "Hernandez", "Hill", "Hoang", "Howard",
  "Hughes", "Ibrahim", "Ito", "Jackson", "James", "Jenkins", "Johnson", "Jones", "Kaur", "Kelly", "Khan", "Kim", "King", "Kowalski",
  "Kumar", "Lee", "Lewis", "Li", "Lopez", "Martin", "Martinez", "Mendoza", "Miller", "Mitchell", "Moore", "Morales", "Morgan",
  "Murphy", "Nakamura", "Nelson", "Nguyen", "Novak", "Obi", "Okafor", "Ortiz", "Osei", "Parker", "Patel", "Perez", "Perry",
  "Peterson", "Phillips", "Powell", "Price", "Quinn", "Ramirez", "Reed", "Reyes", "Richardson", "Rivera", "Roberts", "Robinson",
  "Rodriguez", "Rogers", "Ross", "Russell", "Sanchez", "Sanders", "Santos", "Schmidt", "Scott", "Shah", "Silva", "Singh", "Smith",
  "Stewart", "Sullivan", "Suzuki", "Tanaka", "Taylor", "Thomas", "Thompson", "Torres", "Tran", "Turner", "Vasquez", "Walker",
  "Wang", "Ward", "Washington", "Watson", "White", "Williams", "Wilson", "Wong", "Wright", "Wu", "Yamamoto", "Yang", "Young", "Zhang",
] as const;
