// Arithmetic and relations over variables and expressions, so constraints read like math:
//
//     try solver.add(2 * a + b - 10 <= c)
//     try solver.add(space.width == 5 * q.width)
//
// Every arithmetic operator yields an `Expression`; `==`, `<=` and `>=` between expressions,
// variables and numbers yield a required `Constraint` (left − right compared with zero).

// MARK: Scaling

public func * (lhs: Double, rhs: Variable) -> Expression { Expression(terms: [(rhs, lhs)]) }
public func * (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [(lhs, rhs)]) }
public func / (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [(lhs, 1 / rhs)]) }
public prefix func - (operand: Variable) -> Expression { Expression(terms: [(operand, -1)]) }

public func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
public func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
public func / (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: 1 / rhs) }
public prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }

// MARK: Sums

public func + (lhs: Expression, rhs: Expression) -> Expression { lhs.adding(rhs) }
public func - (lhs: Expression, rhs: Expression) -> Expression { lhs.adding(rhs, times: -1) }
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs.adding(Expression(rhs)) }
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs.adding(Expression(rhs), times: -1) }
public func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs).adding(rhs) }
public func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs).adding(rhs, times: -1) }
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs).adding(Expression(rhs)) }
public func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs).adding(Expression(rhs), times: -1) }
public func + (lhs: Expression, rhs: Double) -> Expression { Expression(reduced: lhs.terms, constant: lhs.constant + rhs) }
public func - (lhs: Expression, rhs: Double) -> Expression { Expression(reduced: lhs.terms, constant: lhs.constant - rhs) }
public func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }
public func - (lhs: Double, rhs: Expression) -> Expression { -rhs + lhs }
public func + (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [(lhs, 1)], constant: rhs) }
public func - (lhs: Variable, rhs: Double) -> Expression { Expression(terms: [(lhs, 1)], constant: -rhs) }
public func + (lhs: Double, rhs: Variable) -> Expression { Expression(terms: [(rhs, 1)], constant: lhs) }
public func - (lhs: Double, rhs: Variable) -> Expression { Expression(terms: [(rhs, -1)], constant: lhs) }

// MARK: Relations

public func == (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs - rhs, .equal) }
public func <= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs - rhs, .lessOrEqual) }
public func >= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs - rhs, .greaterOrEqual) }

public func == (lhs: Expression, rhs: Variable) -> Constraint { lhs == Expression(rhs) }
public func <= (lhs: Expression, rhs: Variable) -> Constraint { lhs <= Expression(rhs) }
public func >= (lhs: Expression, rhs: Variable) -> Constraint { lhs >= Expression(rhs) }
public func == (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) == rhs }
public func <= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) <= rhs }
public func >= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) >= rhs }
public func == (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) == Expression(rhs) }
public func <= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) <= Expression(rhs) }
public func >= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) >= Expression(rhs) }

public func == (lhs: Expression, rhs: Double) -> Constraint { lhs == Expression(constant: rhs) }
public func <= (lhs: Expression, rhs: Double) -> Constraint { lhs <= Expression(constant: rhs) }
public func >= (lhs: Expression, rhs: Double) -> Constraint { lhs >= Expression(constant: rhs) }
public func == (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) == Expression(constant: rhs) }
public func <= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) <= Expression(constant: rhs) }
public func >= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) >= Expression(constant: rhs) }
public func == (lhs: Double, rhs: Variable) -> Constraint { Expression(constant: lhs) == Expression(rhs) }
public func <= (lhs: Double, rhs: Variable) -> Constraint { Expression(constant: lhs) <= Expression(rhs) }
public func >= (lhs: Double, rhs: Variable) -> Constraint { Expression(constant: lhs) >= Expression(rhs) }

// MARK: Strength

/// `constraint | .strong`: the constraint at another strength (kiwi's spelling).
public func | (lhs: Constraint, rhs: Strength) -> Constraint { lhs.strength(rhs) }
